import { profileHref } from './profile-format';

/**
 * A username shown anywhere on the site, linked to its profile. A deleted author (`null`) is the given
 * placeholder ("Anonymous") as plain text: there is no profile to open.
 */
export default function UserLink({
  username,
  anonymous,
  className,
}: {
  username: string | null;
  anonymous: string;
  className?: string | undefined;
}) {
  if (username === null) return <span className={className}>{anonymous}</span>;
  return (
    <a className={className} href={profileHref(username)} data-user-link="">
      {username}
    </a>
  );
}
