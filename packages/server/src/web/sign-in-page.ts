import { escapeHtml as e, layout } from './html.js';

/** The sign-in form of a service without an identity provider: a service token, once. */
export function tokenSignInPage(csrf: string, returnTo: string, error?: string): string {
  const problem = error ? `<p class="error">${e(error)}</p>` : '';
  return layout(
    'Sign in',
    `<h1>Sign in</h1>${problem}
<p>Paste a service token (one made with <code>swaglint serve --create-token</code>). It is sent once; the
browser then keeps a session that acts as the token until it expires, you sign out, or the token is revoked.</p>
<form method="post" action="/signin"><input type="hidden" name="csrf" value="${e(csrf)}"><input type="hidden" name="return" value="${e(returnTo)}">
<label>Service token <input type="password" name="token" autocomplete="off" required size="60"></label> <button type="submit">Sign in</button></form>`,
  );
}
