ALTER TABLE "profiles" DROP CONSTRAINT "profiles_sub_identity_users_sub_fk";
