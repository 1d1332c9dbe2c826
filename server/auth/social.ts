import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { APIError } from "better-auth/api";
import { validateAuthorizationCode } from "better-auth/oauth2";
import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Config } from "../config.ts";

/** What `session.sign_in_method` holds for a session that began with Google or Apple. */
export const SOCIAL_SIGN_IN = "social";

export type SocialConfig = Config["social"];

/** Which sign-in buttons /auth shows (a provider without keys is hidden). */
export const socialButtons = (social: SocialConfig) => ({
  google: Boolean(social.google),
  apple: Boolean(social.apple),
});

type Provider = "google" | "apple";

type Endpoints = { authorization: string; token: string; jwks: string; issuers: string[] };

/** Each provider's published endpoints, and their paths on a stand-in at GOOGLE_/APPLE_OAUTH_BASE. */
const PROVIDER_ENDPOINTS: Record<Provider, { published: Endpoints; paths: Omit<Endpoints, "issuers"> }> = {
  google: {
    published: {
      authorization: "https://accounts.google.com/o/oauth2/v2/auth",
      token: "https://oauth2.googleapis.com/token",
      jwks: "https://www.googleapis.com/oauth2/v3/certs",
      issuers: ["https://accounts.google.com", "accounts.google.com"],
    },
    paths: { authorization: "/o/oauth2/v2/auth", token: "/token", jwks: "/oauth2/v3/certs" },
  },
  apple: {
    // "Sign in with Apple REST API" (developer.apple.com/documentation/sign_in_with_apple).
    published: {
      authorization: "https://appleid.apple.com/auth/authorize",
      token: "https://appleid.apple.com/auth/token",
      jwks: "https://appleid.apple.com/auth/keys",
      issuers: ["https://appleid.apple.com"],
    },
    paths: { authorization: "/auth/authorize", token: "/auth/token", jwks: "/auth/keys" },
  },
};

/**
 * A provider's published endpoints, or those of a compatible server at its OAUTH_BASE
 * (tests/fakes/google-server.ts, tests/fakes/apple-server.ts), whose issuer is that base. The
 * same code runs either way; only the addresses differ.
 */
export function providerEndpoints(provider: Provider, oauthBase?: string): Endpoints {
  const { published, paths } = PROVIDER_ENDPOINTS[provider];
  if (!oauthBase) return published;
  const base = oauthBase.replace(/\/$/, "");
  return {
    authorization: `${base}${paths.authorization}`,
    token: `${base}${paths.token}`,
    jwks: `${base}${paths.jwks}`,
    issuers: [base],
  };
}

type ProviderConfig = { clientId: string; clientSecret: string; oauthBase?: string };

/** The claims both providers' id tokens carry; Apple sends `email_verified` as "true"/"false" too. */
type IdTokenClaims = {
  sub: string;
  email?: string;
  email_verified?: boolean | "true" | "false";
  name?: string;
  picture?: string;
} & Record<string, unknown>;

/** The name Apple posts on the first sign-in only (the `user` form field); never in the id token. */
type AppleFirstSignIn = { name?: { firstName?: string; lastName?: string } };

/**
 * The id token from the provider's token endpoint, checked (signature against the JWKS, issuer,
 * audience, age) before anything in it is believed. better-auth's Google and Apple providers only
 * decode it in the redirect flow; this also lets the issuer follow the OAUTH_BASE.
 */
function verifiedProfile(provider: Provider, config: ProviderConfig, audience: string = config.clientId) {
  const endpoints = providerEndpoints(provider, config.oauthBase);
  const keys = createRemoteJWKSet(new URL(endpoints.jwks));
  return async (tokens: { idToken?: string; user?: AppleFirstSignIn }) => {
    if (!tokens.idToken) return null;
    const { payload } = await jwtVerify(tokens.idToken, keys, {
      issuer: endpoints.issuers,
      audience,
      algorithms: ["RS256"],
      maxTokenAge: "1h",
    });
    const profile = payload as IdTokenClaims;
    const postedName = [tokens.user?.name?.firstName, tokens.user?.name?.lastName].filter(Boolean).join(" ");
    return {
      user: {
        id: profile.sub,
        name: postedName || profile.name || "",
        email: profile.email,
        image: profile.picture,
        // Only a literal true (Apple: "true") counts: the linking rules below depend on it.
        emailVerified: profile.email_verified === true || profile.email_verified === "true",
      },
      data: { ...profile, name: postedName || profile.name || "" },
    };
  };
}

/**
 * Apple answers with a form post from its own page, carrying its Origin: better-auth checks that
 * origin whenever the browser sends cookies along, so Apple's is trusted when Apple is on.
 */
export const socialOrigins = (social: SocialConfig) =>
  social.apple ? [new URL(providerEndpoints("apple", social.apple.oauthBase).authorization).origin] : [];

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
        authorizationEndpoint: providerEndpoints("google", google.oauthBase).authorization,
        getUserInfo: verifiedProfile("google", google) as never, // its `data` type is Google's full profile
        requireEmailVerification: true,
        disableIdTokenSignIn: true, // only the redirect flow; no id tokens posted by browsers
      },
    }),
    ...(apple && {
      apple: {
        clientId: apple.clientId,
        clientSecret: apple.clientSecret,
        appBundleIdentifier: apple.appBundleIdentifier,
        authorizationEndpoint: providerEndpoints("apple", apple.oauthBase).authorization,
        // Apple's audience is the app's bundle ID when one is set, as in better-auth's provider.
        getUserInfo: verifiedProfile("apple", apple, apple.appBundleIdentifier ?? apple.clientId) as never,
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
 * better-auth's Google and Apple providers have no setting for their token endpoint; this plugin
 * gives them ours (the provider's own unless GOOGLE_/APPLE_OAUTH_BASE is set), so a production
 * start and a test start run the same exchange.
 */
export function socialTokenEndpoints(social: SocialConfig): BetterAuthPlugin {
  return {
    id: "social-token-endpoints",
    init(ctx) {
      const socialProviders = ctx.socialProviders.map((provider) => {
        const id = provider.id as Provider;
        const config = id === "google" || id === "apple" ? social[id] : undefined;
        if (!config) return provider;
        const tokenEndpoint = providerEndpoints(id, config.oauthBase).token;
        const options = { clientId: config.clientId, clientSecret: config.clientSecret };
        return {
          ...provider,
          validateAuthorizationCode: (input: { code: string; codeVerifier?: string; redirectURI: string }) =>
            validateAuthorizationCode({ ...input, options, tokenEndpoint }),
        };
      });
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
