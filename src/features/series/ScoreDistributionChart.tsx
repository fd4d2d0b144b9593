import { distributionBars } from './series-values';
import styles from './ScoreDistributionChart.module.css';

export interface ScoreDistributionChartProps {
  /** The category's name, for the chart's accessible name. */
  label: string;
  /** Votes with score 1 … 10 (index 0 is score 1). */
  counts: readonly number[];
}

export { scoreBarText } from './series-values';

/**
 * A category's votes per score as ten bars, scaled to the most frequent score. A list, so screen readers
 * read each bar's score and count; the bars themselves are decoration. Its height is fixed in CSS, so the
 * page does not move when live data replaces the build's. `data-live` marks what the series page's script
 * rewrites (live-series-dom.ts).
 */
export default function ScoreDistributionChart({ label, counts }: ScoreDistributionChartProps) {
  return (
    <div className={styles.chart}>
      <ol className={styles.bars} role="list" aria-label={`${label} votes by score`} data-live="bars">
        {distributionBars(counts).map((bar, index) => (
          <li key={index} className={styles.bar}>
            <span
              className={styles.fill}
              data-empty={bar.empty}
              style={{ height: bar.height }}
              aria-hidden="true"
            />
            <span className="visually-hidden">{bar.text}</span>
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
