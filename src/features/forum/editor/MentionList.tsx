import type { MentionResult } from '../../../../contract/forum';
import { mentionAnnouncement, type MentionState } from './editor-state';
import { suggestionLabel } from './mentions';
import styles from './PostEditor.module.css';

export interface MentionListProps {
  /** The editor's id prefix: options are `{idPrefix}-option-{index}`. */
  idPrefix: string;
  listboxId: string;
  state: MentionState;
  open: boolean;
  onPick: (suggestion: MentionResult) => void;
  onHover: (index: number) => void;
}

/** The id of a suggestion's option, which the text box names as its active descendant. */
export function optionId(idPrefix: string, index: number): string {
  return `${idPrefix}-option-${index}`;
}

/** The mention combobox's popup (a listbox under the text box) and the live region counting it. */
export default function MentionList({ idPrefix, listboxId, state, open, onPick, onHover }: MentionListProps) {
  return (
    <>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Series suggestions"
        className={styles.suggestions}
        hidden={!open}
      >
        {open &&
          state.suggestions.map((suggestion, index) => (
            <li
              key={suggestion.series_id}
              id={optionId(idPrefix, index)}
              role="option"
              aria-selected={index === state.highlight}
              className={styles.suggestion}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => onPick(suggestion)}
              onPointerEnter={() => onHover(index)}
            >
              {suggestion.cover_url ? (
                <img
                  src={suggestion.cover_url}
                  alt=""
                  width={28}
                  height={42}
                  className={styles.cover}
                  loading="lazy"
                />
              ) : (
                <span className={styles.cover} aria-hidden="true" />
              )}
              <span className={styles.suggestionTitle}>{suggestionLabel(suggestion)}</span>
              <span className={styles.suggestionId}>#{suggestion.series_id}</span>
            </li>
          ))}
      </ul>
      <span className="visually-hidden" aria-live="polite">
        {mentionAnnouncement(state)}
      </span>
    </>
  );
}
