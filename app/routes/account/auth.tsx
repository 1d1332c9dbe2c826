import { useState } from "react";
import { data, redirect } from "react-router";
import { ForgotPassword } from "~/components/account/forgot-password.tsx";
import { ResetPasswordForm } from "~/components/account/reset-password-form.tsx";
import { SignInForm } from "~/components/account/sign-in-form.tsx";
import { SignUpForm } from "~/components/account/sign-up-form.tsx";
import { type SocialChoices, SocialSignIn } from "~/components/account/social-sign-in.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { safeRedirectPath } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { attachedOrdersMessage, takeAttachedOrdersNotice } from "~server/accounts/guest-orders.ts";
import { getSessionUser } from "~server/auth/session.ts";
import { socialButtons } from "~server/auth/social.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import type { Route } from "./+types/auth";
import * as actions from "./auth.server.ts";
import type { AuthActionData } from "./auth-types.ts";
import { onSignedIn } from "./on-signed-in.server.ts";
import { afterSocialSignIn, failed, SOCIAL_DONE, signInWithProvider } from "./social-sign-in.server.ts";

type Mode = "signin" | "forgot" | "reset";
type Tab = "signin" | "signup";

export function meta({ data }: Route.MetaArgs) {
  const titles: Record<Mode, string> = {
    signin: "Sign In",
    forgot: "Forgot Password",
    reset: "Reset Your Password",
  };
  return [{ title: `${titles[data?.mode ?? "signin"]} | ${brand.name}` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // Back from the emailed verification link (better-auth checked the token and sent us here).
  if (params.has("verified")) throw await afterVerificationLink(context, request, params.has("error"));
  // Back from Google / Apple: signed in (social-sign-in.server.ts), or refused with ?error=<code>.
  if (params.get("social") === SOCIAL_DONE) throw await afterSocialSignIn(context, request, params);
  const refused = params.get("error");
  if (refused && !params.has("mode")) throw await failed(refused);
  const mode: Mode =
    params.get("mode") === "reset" || params.get("type") === "recovery"
      ? "reset"
      : params.get("mode") === "forgot"
        ? "forgot"
        : "signin";
  if (mode !== "reset" && (await getSessionUser(context, request))) throw redirect("/");
  return data({
    mode,
    tab: (params.get("tab") === "signup" ? "signup" : "signin") as Tab,
    token: params.get("token") ?? "",
    redirectTo: safeRedirectPath(params.get("redirectTo"), ""),
    social: socialButtons(context.config.social),
  });
}

/**
 * A first use of a valid link verified the address and signed the customer in (better-auth's
 * autoSignInAfterVerification): they land on the home page, signed in, with this browser's guest
 * cart in their account. A link used again (the address is verified already) signs nobody in.
 */
async function afterVerificationLink(
  context: Route.LoaderArgs["context"],
  request: Request,
  failed: boolean,
) {
  if (failed) {
    return redirectWithToast("/auth", {
      title: "Verification failed",
      description: "This verification link is invalid or has expired. Sign in to get a new one.",
      variant: "destructive",
    });
  }
  const user = await getSessionUser(context, request);
  if (!user) {
    return redirectWithToast("/auth", {
      title: "Email verified",
      description: "You can now sign in.",
      variant: "success",
    });
  }
  const headers = await onSignedIn(context, request, user.id);
  // Guest orders placed with this email joined the account (decision 037): say so once, on My Orders.
  const attached = await takeAttachedOrdersNotice(context.database.db, user.id).catch(() => 0);
  const welcome = "Welcome! You are signed in.";
  return redirectWithToast(
    attached > 0 ? "/orders" : "/",
    {
      title: "Email verified",
      description: attached > 0 ? `${welcome} ${attachedOrdersMessage(attached)}.` : welcome,
      variant: "success",
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const args = { context, request, formData };
  switch (formData.get("intent")) {
    case "signin":
      return actions.signIn(args);
    case "passkey":
      return actions.signInWithPasskey(args);
    case "google":
    case "apple":
      return signInWithProvider(context, request, formData.get("intent") as "google" | "apple", formData);
    case "signup":
      return actions.signUp(args);
    case "resend":
      return actions.resendVerification(args);
    case "forgot":
      return actions.forgotPassword(args);
    case "reset":
      return actions.resetPassword(args);
    default:
      throw data("Unknown form", { status: 400 });
  }
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const { mode, token, redirectTo } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <Card className="px-0">
        <CardContent className="flex flex-col gap-6">
          {mode === "reset" ? (
            <ResetPasswordForm result={actionData} token={token} />
          ) : mode === "forgot" ? (
            <ForgotPassword result={actionData} />
          ) : (
            <SignInOrUp
              initialTab={loaderData.tab}
              result={actionData}
              redirectTo={redirectTo}
              social={loaderData.social}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function SignInOrUp({
  initialTab,
  result,
  redirectTo,
  social,
}: {
  initialTab: Tab;
  result?: AuthActionData;
  redirectTo: string;
  social: SocialChoices;
}) {
  const [tab, setTab] = useState<Tab>(result?.tab ?? initialTab);
  // An answer from the server may move to the other tab (sign-up done → Sign In), and so may
  // the ?tab= links that switch tabs without JavaScript.
  const [answered, setAnswered] = useState(result);
  const [linked, setLinked] = useState(initialTab);
  if (result !== answered) {
    setAnswered(result);
    if (result?.tab) setTab(result.tab);
  }
  if (initialTab !== linked) {
    setLinked(initialTab);
    setTab(initialTab);
  }
  return (
    <>
      <div className="flex flex-col gap-2 text-center">
        <h1 className="font-display text-3xl font-semibold text-primary">Welcome to {brand.name}</h1>
        <p className="text-sm text-muted-foreground">Sign in to your account or create a new one.</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList className="w-full">
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <SignInForm result={result} redirectTo={redirectTo} />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm result={result} />
        </TabsContent>
      </Tabs>
      <SocialSignIn choices={social} redirectTo={redirectTo} />
    </>
  );
}
