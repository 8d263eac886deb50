/** The app's typed Redux hooks: every component dispatches and selects through these. */
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './state';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
