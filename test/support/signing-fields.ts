import type { SigningT } from "@/components/signing/intl";
import type { SigningField } from "@/components/signing/types";
import { translator } from "@/lib/i18n/catalogs";
import type { Locale } from "@/lib/i18n/locales";

/** The signing page's messages in `locale`, as its components take them. */
export const signingT = (locale: Locale) => translator(locale, "signing") as unknown as SigningT;

/** A required field of the signing page on page 1, labelled by its id unless `over` says otherwise. */
export const signingField = (id: string, type: SigningField["type"], over: Partial<SigningField> = {}) =>
  ({
    id,
    type,
    page: 1,
    x: 72,
    y: 72,
    width: 100,
    height: 20,
    required: true,
    label: id,
    min: null,
    max: null,
    decimals: null,
    defaultValue: null,
    ...over,
  }) as SigningField;
