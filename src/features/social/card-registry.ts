import { sharedListSocialCard, type SocialCard } from './social-card';

/**
 * The social cards the build draws (served under /social/): only those of page kinds with a handful of
 * pages. Series and forum threads, which number in the thousands, get theirs on request
 * (on-demand-card.ts). A page kind with few cards adds them here, made by the same function its page
 * passes to BaseLayout.
 */
export function socialCardsToBuild(): SocialCard[] {
  return [sharedListSocialCard()];
}
