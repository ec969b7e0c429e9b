// The browser's way in and out (kind 'sign-in'): to the identity provider and back, or, with none,
// the form that takes a service token; and signing out.
import { forbidden, notFound } from '../http/errors.js';
import { readForm } from '../http/body.js';
import { tokenSignInPage } from '../web/sign-in-page.js';
import { csrfCookie } from '../auth/token-sign-in.js';
import { clientAddress } from '../http/client-address.js';
import type { Route } from '../http/router.js';
import { signedOutPage } from '../web/pages.js';
import { sendPage } from '../web/html.js';
import { BrowserSignIn, cookieValue, localPath, sessionCookie, signInCookie } from '../auth/browser-sign-in.js';
import type { RequestContext } from './context.js';

/** The service's browser sign-in; a 404 where it has none (no --oidc-issuer). */
function signInOf(context: RequestContext): NonNullable<RequestContext['services']['signIn']> {
  const signIn = context.services.signIn;
  if (!signIn) throw notFound('Browser sign-in (this service has no --oidc-issuer)');
  return signIn;
}

export function signInRoutes(): Route<RequestContext>[] {
  return [
    {
      method: 'GET',
      path: '/signin',
      kind: 'sign-in',
      async handle(context) {
        const returnTo = localPath(context.url.searchParams.get('return'));
        const form = context.services.tokenSignIn;
        if (form) {
          const { csrf, cookie } = form.form();
          context.response.setHeader('set-cookie', cookie);
          sendPage(context.response, tokenSignInPage(csrf, returnTo));
          return;
        }
        const signIn = signInOf(context);
        const { location, cookie } = await signIn.start(returnTo);
        context.response.writeHead(303, { location, 'set-cookie': cookie, 'cache-control': 'no-store' }).end();
      },
    },
    {
      method: 'POST',
      path: '/signin',
      kind: 'sign-in',
      async handle(context) {
        const form = context.services.tokenSignIn;
        if (!form) throw notFound('The sign-in form (this service signs in with its identity provider: GET /signin)');
        const fields = await readForm(context.request, 16 * 1024);
        const returnTo = localPath(fields.get('return'));
        const result = await form.signIn(context.request, fields);
        if ('error' in result) {
          // a wrong token is a failed authentication: limited by address like a bad bearer token
          await context.services.rateLimits.authFailure(clientAddress(context.request, context.services.trustForwardedFor));
          const again = form.form();
          context.response.setHeader('set-cookie', again.cookie);
          sendPage(context.response, tokenSignInPage(again.csrf, returnTo, result.error), 401);
          return;
        }
        context.response.writeHead(303, { location: returnTo, 'set-cookie': [form.cookie(result.session), BrowserSignIn.clear(csrfCookie)], 'cache-control': 'no-store' }).end();
      },
    },
    {
      method: 'GET',
      path: '/signin/callback',
      kind: 'sign-in',
      async handle(context) {
        const signIn = signInOf(context);
        const { session, returnTo } = await signIn.finish(new URL(context.url.pathname + context.url.search, signIn.redirectUri), cookieValue(context.request, signInCookie));
        context.response.writeHead(303, { location: returnTo, 'set-cookie': [signIn.cookie(session), BrowserSignIn.clear(signInCookie)], 'cache-control': 'no-store' }).end();
      },
    },
    {
      method: 'POST',
      path: '/signout',
      kind: 'sign-in',
      async handle(context) {
        const form = context.services.tokenSignIn;
        if (form) {
          await form.signOut(context.request);
          context.response.setHeader('set-cookie', BrowserSignIn.clear(sessionCookie));
          sendPage(context.response, signedOutPage());
          return;
        }
        const signIn = signInOf(context);
        // the cookie is SameSite=Lax, so another site's form carries none; its Origin is refused besides
        const origin = context.request.headers.origin;
        if (origin !== undefined && origin !== new URL(signIn.redirectUri).origin) throw forbidden('signing out is for pages of this service');
        const session = cookieValue(context.request, sessionCookie);
        if (session) await signIn.signOut(session);
        context.response.setHeader('set-cookie', BrowserSignIn.clear(sessionCookie));
        sendPage(context.response, signedOutPage());
      },
    },
  ];
}
