import { createSlice } from '@reduxjs/toolkit';

/**
 * Whether the API answers (docs/rules.md#honest-offline-state). The api's baseQuery reports every call:
 * a request that never got an HTTP answer (network down, server gone) or a gateway error marks the
 * API unreachable; any answer marks it reachable again. The offline banner (src/components/
 * offline-banner.tsx) shows while it is unreachable and probes /api/health until it answers.
 */
export interface ConnectivityState {
  reachable: boolean;
}

const initialState: ConnectivityState = { reachable: true };

export const connectivitySlice = createSlice({
  name: 'connectivity',
  initialState,
  reducers: {
    apiUnreachable(state) {
      state.reachable = false;
    },
    apiReachable(state) {
      state.reachable = true;
    },
  },
  selectors: {
    selectApiReachable: (state) => state.reachable,
  },
});

export const { apiUnreachable, apiReachable } = connectivitySlice.actions;
export const { selectApiReachable } = connectivitySlice.selectors;

/** The message an action shows when it could not reach the API; the form keeps what was typed. */
export const OFFLINE_ACTION_MESSAGE =
  "Can't reach Panda right now, so nothing was saved. Check your connection and try again: what you entered is kept.";

/** Status of an RTK Query error that means "no answer from the API": fetch failed, or a gateway/proxy error. */
export function isUnreachableStatus(status: unknown): boolean {
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || status === 502 || status === 504;
}
