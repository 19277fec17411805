// A beta as the API and the CLI show it: its fields and counters, a whitelist built field by field.
import { apiTime } from '../../primitives/time.ts';
import { imagePath } from './beta-images.ts';
import type { Page, StoredImage } from './beta-page.ts';
import type { CountedBeta } from './betas.service.ts';

/** An image of the design as an absolute URL (link previews and other sites load it); null for none. */
export const imageUrl = (publicUrl: string, image: StoredImage | null) => (image ? `${publicUrl}${imagePath(image)}` : null);

/** The design as the API shows it: the owner's fields, and its images' URLs. */
export function presentPage(page: Page, publicUrl: string) {
  return {
    headline: page.headline,
    description: page.description,
    brand_color: page.brand_color,
    background_color: page.background_color,
    button_text: page.button_text,
    thank_you_headline: page.thank_you_headline,
    thank_you_text: page.thank_you_text,
    share_message: page.share_message,
    show_waiting_count: page.show_waiting_count,
    logo_url: imageUrl(publicUrl, page.logo),
    hero_url: imageUrl(publicUrl, page.hero),
  };
}

export function presentBeta(beta: CountedBeta, publicUrl: string) {
  const { counters } = beta;
  return {
    id: beta.id,
    name: beta.name,
    homepage_url: beta.homepage_url,
    slug: beta.slug,
    testers_count: counters.testers_count,
    impressions_count: counters.impressions_count,
    share_clicks_count: counters.share_clicks_count,
    share_signups_count: counters.share_signups_count,
    imported_testers_count: counters.imported_testers_count,
    applied_testers_count: counters.applied_testers_count,
    invited_testers_count: counters.invited_testers_count,
    active_testers_count: counters.active_testers_count,
    rejected_testers_count: counters.rejected_testers_count,
    created_at: apiTime(beta.created_at),
    updated_at: apiTime(beta.updated_at),
    settings: beta.settings,
    page: presentPage(beta.page, publicUrl),
    sandbox: beta.sandbox_of !== null,
    sandbox_of: beta.sandbox_of,
  };
}
