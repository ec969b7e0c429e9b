// The browser's way in and out (kind 'sign-in'): to the identity provider, back, and signing out.
import { forbidden, notFound } from '../http/errors.js';
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
        const signIn = signInOf(context);
        const { location, cookie } = await signIn.start(localPath(context.url.searchParams.get('return')));
        context.response.writeHead(303, { location, 'set-cookie': cookie, 'cache-control': 'no-store' }).end();
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
