/** The activity log's person filter value for background jobs (no staff member): shared by the filter form and the query. */
export const SYSTEM_ACTOR = "system";
