import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { APIError } from "better-auth/api";
import { validateAuthorizationCode } from "better-auth/oauth2";
import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Config } from "../config.ts";

/** What `session.sign_in_method` holds for a session that began with Google or Apple. */
export const SOCIAL_SIGN_IN = "social";

/** The callback better-auth answers for each provider: register PUBLIC_URL + this path. */
export const socialCallbackPath = (provider: "google" | "apple") => `/api/auth/callback/${provider}`;

export type SocialConfig = Config["social"];

/** Which sign-in buttons /auth shows (a provider without keys is hidden). */
export const socialButtons = (social: SocialConfig) => ({
  google: Boolean(social.google),
  apple: Boolean(social.apple),
});

/**
 * Google's published OpenID endpoints, or those of a Google-compatible server at GOOGLE_OAUTH_BASE
 * (tests/fakes/google-server.ts). The same code runs either way; only the addresses differ.
 */
export function googleEndpoints(oauthBase?: string) {
  if (!oauthBase) {
    return {
      authorization: "https://accounts.google.com/o/oauth2/v2/auth",
      token: "https://oauth2.googleapis.com/token",
      jwks: "https://www.googleapis.com/oauth2/v3/certs",
      issuers: ["https://accounts.google.com", "accounts.google.com"],
    };
  }
  const base = oauthBase.replace(/\/$/, "");
  return {
    authorization: `${base}/o/oauth2/v2/auth`,
    token: `${base}/token`,
    jwks: `${base}/oauth2/v3/certs`,
    issuers: [base],
  };
}

type GoogleConfig = NonNullable<SocialConfig["google"]>;

/**
 * The id token from Google's token endpoint, checked (signature against the JWKS, issuer,
 * audience, age) before anything in it is believed. better-auth's own Google provider only
 * decodes it; this also lets the issuer follow GOOGLE_OAUTH_BASE.
 */
function verifiedGoogleProfile(google: GoogleConfig) {
  const endpoints = googleEndpoints(google.oauthBase);
  const keys = createRemoteJWKSet(new URL(endpoints.jwks));
  return async (tokens: { idToken?: string }) => {
    if (!tokens.idToken) return null;
    const { payload } = await jwtVerify(tokens.idToken, keys, {
      issuer: endpoints.issuers,
      audience: google.clientId,
      algorithms: ["RS256"],
      maxTokenAge: "1h",
    });
    const profile = payload as GoogleClaims;
    return {
      user: {
        id: profile.sub,
        name: profile.name ?? "",
        email: profile.email,
        image: profile.picture,
        // Only a literal `true` counts: the linking rules below depend on it.
        emailVerified: profile.email_verified === true,
      },
      data: profile,
    };
  };
}

type GoogleClaims = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
} & Record<string, unknown>;

/**
 * Apple answers with a form post from its own page, carrying its Origin: better-auth checks that
 * origin whenever the browser sends cookies along, so Apple's is trusted when Apple is on.
 */
export const socialOrigins = (social: SocialConfig) => (social.apple ? ["https://appleid.apple.com"] : []);

/**
 * better-auth's Google and Apple providers, each only when its keys are set. A new account is
 * signed in only when the provider vouches for the address (`requireEmailVerification`);
 * otherwise it waits for our own verification email, like a password sign-up.
 */
export function socialProviders(social: SocialConfig): BetterAuthOptions["socialProviders"] {
  const { google, apple } = social;
  return {
    ...(google && {
      google: {
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        prompt: "select_account",
        authorizationEndpoint: googleEndpoints(google.oauthBase).authorization,
        getUserInfo: verifiedGoogleProfile(google) as never, // its `data` type is Google's full profile
        requireEmailVerification: true,
        disableIdTokenSignIn: true, // only the redirect flow; no id tokens posted by browsers
      },
    }),
    ...(apple && {
      apple: {
        clientId: apple.clientId,
        clientSecret: apple.clientSecret,
        appBundleIdentifier: apple.appBundleIdentifier,
        requireEmailVerification: true,
        disableIdTokenSignIn: true,
      },
    }),
  };
}

/**
 * Linking a provider to an existing account happens only through a verified email: the provider
 * must report the address verified AND our own account must have verified it too (so a stranger
 * who signed up with someone's address and never verified it cannot get their Google linked, nor
 * keep a password on the real owner's account). No provider is "trusted": better-auth links a
 * trusted provider's login even when the provider says the address is unverified.
 */
export const accountLinking = {
  enabled: true,
  trustedProviders: [],
  requireLocalEmailVerified: true,
  allowDifferentEmails: false,
  updateUserInfoOnLink: false,
} satisfies NonNullable<NonNullable<BetterAuthOptions["account"]>["accountLinking"]>;

/**
 * better-auth's Google provider has no setting for its token endpoint; this plugin gives it
 * ours (Google's own unless GOOGLE_OAUTH_BASE is set), so a production start and a test start
 * run the same exchange.
 */
export function googleTokenEndpoint(social: SocialConfig): BetterAuthPlugin {
  const google = social.google;
  return {
    id: "google-token-endpoint",
    init(ctx) {
      if (!google) return;
      const tokenEndpoint = googleEndpoints(google.oauthBase).token;
      const options = { clientId: google.clientId, clientSecret: google.clientSecret };
      const socialProviders = ctx.socialProviders.map((provider) =>
        provider.id !== "google"
          ? provider
          : {
              ...provider,
              validateAuthorizationCode: (input: {
                code: string;
                codeVerifier?: string;
                redirectURI: string;
              }) => validateAuthorizationCode({ ...input, options, tokenEndpoint }),
            },
      );
      return { context: { socialProviders } };
    },
  };
}

export const SOCIAL_ERRORS = {
  staff: "STAFF_USE_ADMIN_LOGIN",
} as const;

type SessionData = { userId: string; signInMethod?: string | null } & Record<string, unknown>;

/**
 * For a session the OAuth callback is creating: staff accounts are refused (a social sign-in
 * skips the staff's second factor, and such a session could register a passkey that the back
 * office counts as one; decision 055); a customer's session is marked as social.
 */
export function socialSessionRule<S extends SessionData>(
  session: S,
  path: string | undefined,
  ownerRole: string | null | undefined,
): S {
  if (!path?.startsWith("/callback/")) return session;
  if (ownerRole === "admin") {
    throw new APIError("FORBIDDEN", {
      code: SOCIAL_ERRORS.staff,
      message: "Staff accounts sign in with their password and second factor.",
    });
  }
  return { ...session, signInMethod: SOCIAL_SIGN_IN };
}
