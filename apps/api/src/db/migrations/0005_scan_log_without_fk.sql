ALTER TABLE "ticket_scans" DROP CONSTRAINT "ticket_scans_scanner_id_users_id_fk";
