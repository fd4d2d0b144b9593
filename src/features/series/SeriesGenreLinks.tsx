import { Fragment } from 'react';
import { genreSlug } from '../../../contract/catalogue-values';
import { splitGenres } from '../catalogue/series-format';

/** A series' genres, each a link to its genre page (`/genre/{slug}`), so readers and crawlers find them. */
export default function SeriesGenreLinks({ genre }: { genre: string | null | undefined }) {
  const genres = splitGenres(genre).filter((name) => genreSlug(name) !== '');
  if (genres.length === 0) return <>–</>;
  return genres.map((name, index) => (
    <Fragment key={name}>
      {index > 0 && ', '}
      <a href={`/genre/${genreSlug(name)}`}>{name}</a>
    </Fragment>
  ));
}
