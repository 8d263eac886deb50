import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * One Emotion cache per render (server) or per page (browser). The key is the same on both
 * sides, so the browser adopts the style tags the prerendered page ships instead of
 * inserting them again.
 */
export const EMOTION_CACHE_KEY = 'css';

export function createEmotionCache(): EmotionCache {
  return createCache({ key: EMOTION_CACHE_KEY });
}
