/** A SCIM token as the dashboard shows it: never its value (shown once, when made). */
export interface ScimTokenDto {
  id: string;
  name: string;
  /** The token's first characters ("scim_Ab3x…"), to tell tokens apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** An organization's SCIM settings: the provisioned groups whose members are admins (by display name). */
export interface ScimSettings {
  adminGroups: string[];
}
