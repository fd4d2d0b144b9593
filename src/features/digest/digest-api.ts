import type { EmailDigest } from '../../../contract/digest-values';
import { api } from '../../lib/api-client';

/* The digest's calls (/auth/* carries no token by itself: it is given explicitly, as the accounts calls do). */

export function loadEmailDigest(token: string): Promise<EmailDigest> {
  return api<{ email_digest: EmailDigest }>('/auth/me', {
    headers: { authorization: `Bearer ${token}` },
    cache: 'no-store',
  }).then((me) => me.email_digest);
}

export function saveEmailDigest(token: string, emailDigest: EmailDigest): Promise<EmailDigest> {
  return api<{ email_digest: EmailDigest }>('/auth/me/preferences', {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: { email_digest: emailDigest },
  }).then((answer) => answer.email_digest);
}
