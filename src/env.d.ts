/// <reference types="astro/client" />

// Build-time configuration (see src/lib/site-config.ts). PUBLIC_* values are inlined into client code.
interface ImportMetaEnv {
  readonly SITE_URL?: string;
  readonly PUBLIC_API_URL?: string;
  readonly PUBLIC_IMAGE_SITE_URL?: string;
  readonly PUBLIC_IMAGE_SITE_LABEL?: string;
  readonly PUBLIC_SOCIAL_URL?: string;
  readonly PUBLIC_SOCIAL_LABEL?: string;
  readonly PUBLIC_CONTACT_EMAIL?: string;
  readonly PUBLIC_SOURCE_REPO_URL?: string;
}
