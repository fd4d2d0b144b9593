import type { FormEventHandler, ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

interface HydratingFormProps {
  className?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  children: ReactNode;
}

/**
 * A form an island submits itself (never natively: `noValidate`, the island checks), marked
 * `data-hydrating` until React has hydrated it, so `client:interaction` holds a submit made before then
 * and replays it (src/lib/client-directives/interaction.ts).
 */
export default function HydratingForm({ className, onSubmit, busy, children }: HydratingFormProps) {
  const hydrated = useHydrated();
  return (
    <form
      className={className}
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
      data-hydrating={hydrated ? undefined : ''}
    >
      {children}
    </form>
  );
}
