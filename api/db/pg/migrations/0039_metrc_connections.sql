-- A seller team's connection to Metrc: the facility, the user key sealed with the server's CREDENTIALS_KEY, and what
-- Metrc said the key may do there.
CREATE TABLE "metrc_connections" (
	"team_id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"license_number" text NOT NULL,
	"facility_name" text NOT NULL,
	"user_key_sealed" text NOT NULL,
	"view_packages" bigint NOT NULL,
	"view_lab_results" bigint NOT NULL,
	"manage_transfer_templates" bigint NOT NULL,
	"connected_by" text,
	"connected_at" bigint NOT NULL,
	FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE cascade,
	FOREIGN KEY ("connected_by") REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "metrc_connections_state_check" CHECK("metrc_connections"."state" in ('AK', 'AL', 'CA', 'CO', 'DC', 'KY', 'LA', 'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NJ', 'NV', 'OH', 'OK', 'OR', 'SD', 'WV'))
);
