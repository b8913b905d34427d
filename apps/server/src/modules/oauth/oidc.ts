import * as client from 'openid-client';

export interface OidcIdentity {
  subject: string;
  /** Only an address the provider says is verified. */
  email: string | null;
  name: string | null;
}

export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The OpenID Connect authorization-code flow with state, nonce and PKCE (S256). */
export interface OidcClient {
  authorizationUrl(checks: OidcChecks): Promise<URL>;
  /**
   * Validates the callback (its query string: state, then the ID token's nonce, signature and
   * audience, with the PKCE verifier) and reads the identity.
   */
  exchange(callbackQuery: string, checks: OidcChecks): Promise<OidcIdentity>;
}

export function createOidcClient(
  provider: { clientId: string; clientSecret: string; issuer: string },
  redirectUri: string,
): OidcClient {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
        // Plain http only for a provider on this machine (tests, local development).
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only to stand out; used for http issuers only
        execute: provider.issuer.startsWith('http://') ? [client.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async authorizationUrl({ state, nonce, codeVerifier }) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async exchange(callbackQuery, { state, nonce, codeVerifier }) {
      // The redirect URI the token request names must be the one of the authorization request.
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = callbackQuery;
      const tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
        expectedState: state,
        expectedNonce: nonce,
        pkceCodeVerifier: codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      const email =
        typeof claims.email === 'string' && claims.email_verified !== false
          ? claims.email.toLowerCase()
          : null;
      return {
        subject: claims.sub,
        email,
        name: typeof claims.name === 'string' ? claims.name.slice(0, 30) : null,
      };
    },
  };
}

export const randomChecks = (): OidcChecks => ({
  state: client.randomState(),
  nonce: client.randomNonce(),
  codeVerifier: client.randomPKCECodeVerifier(),
});
