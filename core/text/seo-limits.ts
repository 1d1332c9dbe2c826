/** The admin spec's SEO limits, shared by the forms (counters) and the server (validation). */
export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;
