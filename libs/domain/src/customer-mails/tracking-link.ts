/**
 * A delivery company's tracking page for one parcel: its URL template with `{code}` where the
 * tracking code goes (`https://…?no={code}`). Pure, without imports: the console reads this file
 * too (the tracking code shows as a link), so the mail and the screen make the same link.
 */
export const TRACKING_CODE_PLACEHOLDER = '{code}';

/** A template names the code once or more, and no other `{…}`. */
export function isTrackingUrlTemplate(template: string): boolean {
  return template.includes(TRACKING_CODE_PLACEHOLDER) && !/[{}]/.test(template.split(TRACKING_CODE_PLACEHOLDER).join(''));
}

/**
 * The tracking link of a code, the code URL-encoded in place of `{code}`; null without a code or a
 * template. A template stored before `{code}` was required is the carrier's search page itself.
 */
export function trackingLink(template: string | null | undefined, code: string | null | undefined): string | null {
  const trimmed = code?.trim();
  if (!template || !trimmed) return null;
  return template.split(TRACKING_CODE_PLACEHOLDER).join(encodeURIComponent(trimmed));
}
