-- The ledger's move, as the database runs it: the two accounts (made on first use), the
-- idempotency key claimed, the wallet checked and both sides moved in one round trip
-- (ledger.service.ts `transfer`). The source of truth for the functions: a change here goes into a
-- new migration as CREATE OR REPLACE FUNCTION with this text, and ledger-move.test.ts checks that
-- the migrated database runs exactly this (and that RETURNS TABLE matches MOVE_COLUMNS).

CREATE FUNCTION "ledger_account_of"(p_tenant varchar, p_currency varchar, p_code varchar, p_user bigint, p_at timestamptz,
  OUT o_id bigint, OUT o_allow_negative boolean) LANGUAGE plpgsql AS $$
BEGIN
  SELECT a."id", a."allow_negative" INTO o_id, o_allow_negative FROM "ledger_account" a
    WHERE a."tenant_id" = p_tenant AND a."currency" = p_currency AND a."code" = p_code;
  IF FOUND THEN RETURN; END IF;
  INSERT INTO "ledger_account" ("tenant_id", "currency", "code", "user_id", "allow_negative", "created_at")
    VALUES (p_tenant, p_currency, p_code, p_user, p_user IS NULL, p_at)
    ON CONFLICT DO NOTHING RETURNING "id", "allow_negative" INTO o_id, o_allow_negative;
  IF FOUND THEN RETURN; END IF;
  -- Made at the same moment by another transaction, which has committed since.
  SELECT a."id", a."allow_negative" INTO o_id, o_allow_negative FROM "ledger_account" a
    WHERE a."tenant_id" = p_tenant AND a."currency" = p_currency AND a."code" = p_code;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger account % was made by a transaction this snapshot cannot see', p_code USING ERRCODE = '40001';
  END IF;
END
$$;

CREATE FUNCTION "ledger_move"(p_tenant varchar, p_currency varchar, p_from varchar, p_from_user bigint,
  p_to varchar, p_to_user bigint, p_amount bigint, p_kind varchar, p_reference varchar, p_key varchar,
  p_hash varchar, p_at timestamptz)
RETURNS TABLE ("outcome" text, "transfer_id" text, "debit_id" text, "credit_id" text, "created_ms" text)
LANGUAGE plpgsql AS $$
DECLARE
  v_from_id bigint;
  v_from_neg boolean;
  v_to_id bigint;
  v_to_neg boolean;
  v_id bigint;
  v_earlier record;
  -- A connection runs one transaction at a time: its shard is never waited for by itself.
  v_shard smallint := pg_backend_pid() % 64;
BEGIN
  -- The two accounts; one that does not exist yet is made on first use.
  SELECT a."id", a."allow_negative" INTO v_from_id, v_from_neg FROM "ledger_account" a
    WHERE a."tenant_id" = p_tenant AND a."currency" = p_currency AND a."code" = p_from;
  IF NOT FOUND THEN
    SELECT o_id, o_allow_negative INTO v_from_id, v_from_neg FROM "ledger_account_of"(p_tenant, p_currency, p_from, p_from_user, p_at);
  END IF;
  SELECT a."id", a."allow_negative" INTO v_to_id, v_to_neg FROM "ledger_account" a
    WHERE a."tenant_id" = p_tenant AND a."currency" = p_currency AND a."code" = p_to;
  IF NOT FOUND THEN
    SELECT o_id, o_allow_negative INTO v_to_id, v_to_neg FROM "ledger_account_of"(p_tenant, p_currency, p_to, p_to_user, p_at);
  END IF;
  -- Claiming the key first: a concurrent request with the same key waits here for this one.
  INSERT INTO "ledger_transfer" ("tenant_id", "currency", "debit_account_id", "credit_account_id", "amount", "kind",
      "reference", "idempotency_key", "request_hash", "created_at")
    VALUES (p_tenant, p_currency, v_from_id, v_to_id, p_amount, p_kind, p_reference, p_key, p_hash, p_at)
    ON CONFLICT DO NOTHING RETURNING "ledger_transfer"."id" INTO v_id;
  IF v_id IS NULL THEN
    SELECT t."id", t."request_hash", t."debit_account_id", t."credit_account_id", t."created_at" INTO v_earlier
      FROM "ledger_transfer" t WHERE t."tenant_id" = p_tenant AND t."idempotency_key" = p_key;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger key % was claimed by a transaction this snapshot cannot see', p_key USING ERRCODE = '40001';
    END IF;
    RETURN QUERY SELECT CASE WHEN v_earlier."request_hash" = p_hash THEN 'replayed' ELSE 'conflict' END,
      v_earlier."id"::text, v_earlier."debit_account_id"::text, v_earlier."credit_account_id"::text,
      floor(extract(epoch FROM v_earlier."created_at") * 1000)::bigint::text;
    RETURN;
  END IF;
  IF v_from_neg THEN
    INSERT INTO "ledger_account_shard" AS s ("account_id", "shard", "balance") VALUES (v_from_id, v_shard, -p_amount)
      ON CONFLICT ("account_id", "shard") DO UPDATE SET "balance" = s."balance" + EXCLUDED."balance";
  ELSE
    -- Two wallets are locked in id order, so transfers between the same two cannot deadlock.
    IF NOT v_to_neg AND v_to_id < v_from_id THEN
      PERFORM 1 FROM "ledger_account" a WHERE a."id" = v_to_id FOR NO KEY UPDATE;
    END IF;
    UPDATE "ledger_account" a SET "balance" = a."balance" - p_amount WHERE a."id" = v_from_id AND a."balance" >= p_amount;
    IF NOT FOUND THEN
      DELETE FROM "ledger_transfer" t WHERE t."id" = v_id;
      RETURN QUERY SELECT 'insufficient'::text, NULL::text, NULL::text, NULL::text, NULL::text;
      RETURN;
    END IF;
  END IF;
  IF v_to_neg THEN
    INSERT INTO "ledger_account_shard" AS s ("account_id", "shard", "balance") VALUES (v_to_id, v_shard, p_amount)
      ON CONFLICT ("account_id", "shard") DO UPDATE SET "balance" = s."balance" + EXCLUDED."balance";
  ELSE
    UPDATE "ledger_account" a SET "balance" = a."balance" + p_amount WHERE a."id" = v_to_id;
  END IF;
  RETURN QUERY SELECT 'moved'::text, v_id::text, v_from_id::text, v_to_id::text,
    floor(extract(epoch FROM p_at) * 1000)::bigint::text;
END
$$;
