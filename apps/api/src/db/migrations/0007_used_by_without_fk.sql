ALTER TABLE "tickets" DROP CONSTRAINT "tickets_used_by_users_id_fk";
