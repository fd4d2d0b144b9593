import { formatVotes } from '../catalogue/series-format';
import styles from './ScoreDistributionChart.module.css';

export interface ScoreDistributionChartProps {
  /** The category's name, for the chart's accessible name. */
  label: string;
  /** Votes with score 1 … 10 (index 0 is score 1). */
  counts: readonly number[];
}

/** What a screen reader hears for one bar: "Score 7: 12 votes". */
export function scoreBarText(score: number, votes: number): string {
  return `Score ${score}: ${formatVotes(votes)}`;
}

/**
 * A category's votes per score as ten bars, scaled to the most frequent score. A list, so screen readers
 * read each bar's score and count; the bars themselves are decoration. Its height is fixed in CSS, so the
 * page does not move when live data replaces the build's.
 */
export default function ScoreDistributionChart({ label, counts }: ScoreDistributionChartProps) {
  const most = Math.max(1, ...counts);
  return (
    <div className={styles.chart}>
      <ol className={styles.bars} role="list" aria-label={`${label} votes by score`}>
        {counts.map((votes, index) => (
          <li key={index} className={styles.bar}>
            <span
              className={styles.fill}
              data-empty={votes === 0}
              style={{ height: `${(votes / most) * 100}%` }}
              aria-hidden="true"
            />
            <span className="visually-hidden">{scoreBarText(index + 1, votes)}</span>
          </li>
        ))}
      </ol>
      <p className={styles.axis} aria-hidden="true">
        <span>1</span>
        <span>10</span>
      </p>
    </div>
  );
}
