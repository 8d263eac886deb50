import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Client UI state shared across the layout. */
export interface UiState {
  mobileNavOpen: boolean;
}

const initialState: UiState = { mobileNavOpen: false };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    mobileNavToggled(state, action: PayloadAction<boolean | undefined>) {
      state.mobileNavOpen = action.payload ?? !state.mobileNavOpen;
    },
  },
});

export const { mobileNavToggled } = uiSlice.actions;
