-- The closure table for users who existed before it: every (ancestor, descendant) pair up to
-- five levels apart, from the inviter links.
WITH RECURSIVE chain(ancestor_id, descendant_id, depth) AS (
  SELECT inviter_id, id, 1 FROM app_user WHERE inviter_id IS NOT NULL
  UNION ALL
  SELECT u.inviter_id, chain.descendant_id, chain.depth + 1
  FROM chain JOIN app_user u ON u.id = chain.ancestor_id
  WHERE u.inviter_id IS NOT NULL AND chain.depth < 5
)
INSERT INTO team_link (ancestor_id, descendant_id, depth)
SELECT ancestor_id, descendant_id, depth FROM chain
ON CONFLICT DO NOTHING;
