import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './root-reducer';

/** Typed redux hooks for features and app code. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
