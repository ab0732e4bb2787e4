import { combineSlices, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { api } from './api';
import { connectivitySlice } from './connectivity';
import { liveSlice } from './live';
import { sessionSlice } from './session';
import { toastSlice } from './toast';

/**
 * The root reducer. Shared slices are listed here; a feature with its own client-side slice
 * injects it lazily: `const injected = rootReducer.inject(mySlice)` (RTK combineSlices).
 */
export const rootReducer = combineSlices(api, sessionSlice, toastSlice, liveSlice, connectivitySlice);

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
