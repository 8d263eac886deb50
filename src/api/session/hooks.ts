import { useAppSelector } from '../hooks';
import type { SessionState } from './sessionSlice';

export const useSession = (): SessionState => useAppSelector((s) => s.session);
