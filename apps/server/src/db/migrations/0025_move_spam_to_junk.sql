-- Likely spam can be moved to the Junk folder (issue 34): off for every mailbox, so that a mistaken
-- verdict never hides a customer's mail unless the owner asks for it.
ALTER TABLE "mail_account" ADD COLUMN "move_spam_to_junk" boolean DEFAULT false NOT NULL;
