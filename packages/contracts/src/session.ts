/**
 * The session cookie is httpOnly; this second cookie holds no secret and only tells the web
 * app that a session exists, so it restores it on load (spec section 4) without a blind call.
 */
export const SESSION_HINT_COOKIE = 'atelier_signed_in';
