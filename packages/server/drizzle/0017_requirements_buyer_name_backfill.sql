-- Every existing requirement takes its owner's name for the list's buyer sort.
UPDATE "credit_requirements" SET "buyer_name" = "organisations"."name" FROM "organisations" WHERE "organisations"."id" = "credit_requirements"."buyer_id";
