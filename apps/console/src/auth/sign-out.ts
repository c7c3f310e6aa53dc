import { mutate } from 'swr';
import { api } from '../api/client';
import { clearSession } from '../api/session';
import { forgetReturnPath } from './return-path';

/** Ends the session on the server (revokes the refresh family), clears stored data and cached answers. */
export async function signOut(): Promise<void> {
  await api.post('/auth/logout', undefined, { auth: false }).catch(() => undefined);
  clearSession();
  forgetReturnPath();
  await mutate(() => true, undefined, { revalidate: false });
}
