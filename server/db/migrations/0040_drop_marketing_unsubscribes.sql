-- The old opt-out list was copied into marketing_contacts by 0039 (decision 048).
DROP TABLE "marketing_unsubscribes" CASCADE;