import { maskSecret, SecretBox, ShopEntity } from '@oms/infra';

/** What is shown of a sealed secret: whether it is set, and its masked form. Never the secret. */
function secretView(box: SecretBox, sealed: string | null): { set: boolean; masked: string } {
  if (!sealed) return { set: false, masked: '' };
  try {
    return { set: true, masked: maskSecret(box.open(sealed)) };
  } catch {
    // Sealed under a key this process no longer has: still set, shown fully masked.
    return { set: true, masked: maskSecret('unknown') };
  }
}

export function shopView(s: ShopEntity, box: SecretBox) {
  const ecPassword = secretView(box, s.ecPasswordSealed);
  const productAuthCode = secretView(box, s.productAuthCodeSealed);
  const orderAuthCode = secretView(box, s.orderAuthCodeSealed);
  const memberAuthCode = secretView(box, s.memberAuthCodeSealed);
  return {
    id: Number(s.id),
    name: s.name,
    code: s.code,
    type: s.type,
    ecShopId: s.ecShopId,
    ecPasswordSet: ecPassword.set,
    ecPasswordMasked: ecPassword.masked,
    adminUrl: s.adminUrl,
    productAuthCodeSet: productAuthCode.set,
    productAuthCodeMasked: productAuthCode.masked,
    orderAuthCodeSet: orderAuthCode.set,
    orderAuthCodeMasked: orderAuthCode.masked,
    memberAuthCodeSet: memberAuthCode.set,
    memberAuthCodeMasked: memberAuthCode.masked,
    ownerUserId: s.ownerUserId === null ? null : Number(s.ownerUserId),
    npLimitAmount: s.npLimitAmount,
    ediStopAmount: s.ediStopAmount,
    orderReminderDays: s.orderReminderDays,
    orderReminderHour: s.orderReminderHour,
    shipReminderDays: s.shipReminderDays,
    shipReminderHour: s.shipReminderHour,
    contactCompany: s.contactCompany,
    contactPerson: s.contactPerson,
    contactPhone: s.contactPhone,
    contactFax: s.contactFax,
    contactEmail: s.contactEmail,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    version: s.version,
  };
}

export type ShopView = ReturnType<typeof shopView>;
