-- An agent acts for a client it added itself (AddParticipantClient creates the client and the link at the same
-- moment) or for one whose authority the operator approved (read from agent_authorities). Links written when a
-- client merely gave a still undecided authority are removed.
DELETE FROM "agent_clients" AS "link"
WHERE NOT EXISTS (
  SELECT 1 FROM "organisations" AS "client"
  WHERE "client"."id" = "link"."client_organisation_id" AND "client"."created_at" = "link"."created_at"
);
