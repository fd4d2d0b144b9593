import { useEffect, useRef, useState } from 'react';
import styles from './GenreStrip.module.css';

export interface GenreStripProps {
  genres: string[];
  /** The chosen genre, or ALL. */
  selected: string;
  onSelect: (genre: string) => void;
}

/** ALL plus the genres of the loaded series, in a row that scrolls sideways with arrow buttons. */
export default function GenreStrip({ genres, selected, onSelect }: GenreStripProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  // Before measuring, the strip is assumed to start at its left edge with more to the right.
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const measure = () => {
      const maxScroll = scroller.scrollWidth - scroller.clientWidth;
      setEdges({ atStart: scroller.scrollLeft <= 1, atEnd: scroller.scrollLeft >= maxScroll - 1 });
    };
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [genres.length]);

  const scrollByPage = (direction: -1 | 1) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    scroller.scrollBy({
      left: direction * scroller.clientWidth * 0.8,
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  };

  return (
    <div className={styles.strip} role="group" aria-label="Filter by genre">
      <button
        type="button"
        className={styles.arrow}
        aria-label="Scroll genres left"
        disabled={edges.atStart}
        onClick={() => scrollByPage(-1)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M15 6l-6 6 6 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <div className={styles.scroller} ref={scrollerRef}>
        <ul className={styles.genres} role="list">
          {['ALL', ...genres].map((genre) => (
            <li key={genre}>
              <button
                type="button"
                className={styles.genre}
                aria-pressed={genre === selected}
                onClick={() => onSelect(genre)}
              >
                {genre}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className={styles.arrow}
        aria-label="Scroll genres right"
        disabled={edges.atEnd}
        onClick={() => scrollByPage(1)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
