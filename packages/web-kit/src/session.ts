import { create } from 'zustand';
import type { Role } from '@khidma/contracts';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
}

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  accessToken: string | null;
  user: SessionUser | null;
  signIn: (accessToken: string, user: SessionUser) => void;
  signOut: () => void;
}

/**
 * The one session every frontend reads (web-kit is a Module Federation singleton, so shell and
 * remotes share this store). Starts anonymous: the accounts issue adds the session restore that
 * passes through 'loading'.
 */
export const useSession = create<SessionState>()((set) => ({
  status: 'anonymous',
  accessToken: null,
  user: null,
  signIn: (accessToken, user) => set({ status: 'authenticated', accessToken, user }),
  signOut: () => set({ status: 'anonymous', accessToken: null, user: null }),
}));
