import { brand } from "../../brand.ts";

/** Starter accessibility statement: what the shop is built and tested for. */
export const accessibilityTemplate = `${brand.legalName} wants everyone to be able to shop at ${brand.website}, including people who use
a screen reader, a keyboard only, zoom or other assistive technology.

## What we aim for

We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA.

## What we do

- Pages are built from headings, landmarks, labelled form fields and text alternatives for images.
- Every part of the shop can be used with a keyboard; a "Skip to content" link starts each page.
- Animations stop when your device asks for reduced motion.
- Shopping, checkout and the account pages work without JavaScript.
- Automated accessibility checks run on our pages with every change to the shop.

**[Edit before going live: add the date of your last manual review and any known problems.]**

## Known limitations

Certificates of analysis are PDF files from the laboratory and may not be fully accessible. Ask us
and we will read them to you or send the results as text.

## Tell us about a problem

If something in the shop is hard to use for you, write to ${brand.supportEmail}. We answer within
2 business days and will help you place your order another way if needed.
`;
