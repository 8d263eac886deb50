/**
 * The Element Timing name of the line that says a page shows answers saved on the device
 * (./SavedAnswersNotice.tsx): the bench reads when it was painted on a repeat visit
 * (scripts/bench/benchRepeat.ts).
 */
export const SAVED_ANSWERS_TIMING = 'saved-answers';
