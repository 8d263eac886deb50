import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { SessionState } from './sessionSlice';

interface SessionRoot {
  session: SessionState;
}
export const useAppDispatch: () => Dispatch<UnknownAction> = useDispatch;
export const useSession = (): SessionState => useSelector((s: SessionRoot) => s.session);
