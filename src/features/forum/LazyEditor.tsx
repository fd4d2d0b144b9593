import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import type { PostEditorProps } from './editor/PostEditor';
import styles from './LazyEditor.module.css';

/*
 * The editor is code a reader may never use (mentions, the list picker, uploads), so pages load it on
 * demand: when a reply or edit form opens, or when the bottom box is first focused.
 */

let loading: Promise<{ default: ComponentType<PostEditorProps> }> | undefined;
let Loaded: ComponentType<PostEditorProps> | undefined;

/** Starts loading the editor (once); resolves with it. */
export function loadEditor(): Promise<{ default: ComponentType<PostEditorProps> }> {
  loading ??= import('./editor/PostEditor').then((module) => {
    Loaded = module.default;
    return module;
  });
  return loading;
}

const PostEditor = lazy(loadEditor);

function Placeholder({ compact }: { compact: boolean | undefined }) {
  return <div className={`${styles.placeholder} ${compact ? styles.compact : ''}`} aria-busy="true" />;
}

/** The editor; a box of its size stands in while it loads. */
export default function LazyEditor(props: PostEditorProps) {
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<Placeholder compact={props.compact} />}>
      <PostEditor {...props} />
    </Suspense>
  );
}

/**
 * The bottom reply box: a plain text box until it is first focused; the editor loads meanwhile and then
 * takes its place with whatever was typed, the focus and the caret at the end. The box may have been
 * focused before the page's island hydrated (the focus is what hydrates it): that counts as the first
 * focus.
 */
export function DeferredEditor(props: PostEditorProps) {
  const [draft, setDraft] = useState<{ text: string; focused: boolean } | null>(null);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const open = () =>
    void loadEditor().then(() => {
      const box = boxRef.current;
      setDraft({ text: box?.value ?? '', focused: box !== null && document.activeElement === box });
    });
  useEffect(() => {
    if (boxRef.current !== null && document.activeElement === boxRef.current) open();
    // Once, on hydration: later focuses come through onFocus.
  }, []);
  if (draft !== null) return <LazyEditor {...props} initialValue={draft.text} autoFocus={draft.focused} />;
  return (
    <div>
      <label className="visually-hidden" htmlFor="forum-reply-box">
        {props.label}
      </label>
      <textarea
        ref={boxRef}
        id="forum-reply-box"
        className={styles.box}
        placeholder="Write in markdown. Type @ to mention a series."
        onFocus={open}
      />
    </div>
  );
}
