import type * as React from "react";
import { AbandonedCart } from "./abandoned-cart.tsx";
import { AdminNewOrder } from "./admin-new-order.tsx";
import { ContactNotification } from "./contact-notification.tsx";
import { CreatorSetPassword } from "./creator-set-password.tsx";
import { NewsletterConfirm } from "./newsletter-confirm.tsx";
import { OrderConfirmation } from "./order-confirmation.tsx";
import { OrderRefunded } from "./order-refunded.tsx";
import { OrderShipped } from "./order-shipped.tsx";
import { OrderStatusUpdate } from "./order-status-update.tsx";
import { PaymentFailed } from "./payment-failed.tsx";
import { RenewalNotice } from "./renewal-notice.tsx";
import { RenewalOutOfStock } from "./renewal-out-of-stock.tsx";
import { ResetPassword } from "./reset-password.tsx";
import { ReviewInvitation } from "./review-invitation.tsx";
import { StaffInvitation } from "./staff-invitation.tsx";
import { SubscriptionNotice } from "./subscription-notice.tsx";
import { SubscriptionRenewal } from "./subscription-renewal.tsx";
import { VerifyEmail } from "./verify-email.tsx";

/**
 * Every email template by name. The name is stored with each outbox row; later mails
 * (order confirmation, shipping, subscription) are added here and build on EmailLayout.
 */
export const mailTemplates = {
  "verify-email": VerifyEmail,
  "reset-password": ResetPassword,
  "contact-notification": ContactNotification,
  "order-confirmation": OrderConfirmation,
  "order-shipped": OrderShipped,
  "order-status-update": OrderStatusUpdate,
  "admin-new-order": AdminNewOrder,
  "subscription-renewal": SubscriptionRenewal,
  "payment-failed": PaymentFailed,
  "order-refunded": OrderRefunded,
  "renewal-out-of-stock": RenewalOutOfStock,
  "abandoned-cart": AbandonedCart,
  "review-invitation": ReviewInvitation,
  "subscription-notice": SubscriptionNotice,
  "renewal-notice": RenewalNotice,
  "newsletter-confirm": NewsletterConfirm,
  "creator-set-password": CreatorSetPassword,
  "staff-invitation": StaffInvitation,
} satisfies Record<string, React.FC<never>>;

export type MailTemplateName = keyof typeof mailTemplates;
export type MailTemplateProps<T extends MailTemplateName> = React.ComponentProps<(typeof mailTemplates)[T]>;
