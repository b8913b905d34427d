ALTER TABLE "series" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce(title->>'en', '') || E'\n' || coalesce(title->>'vn', '') || E'\n' || coalesce(title->>'id', '')
          || E'\n' || coalesce(description->>'en', '') || E'\n' || coalesce(description->>'vn', '')
          || E'\n' || coalesce(description->>'id', '') || E'\n' || tags::text || E'\n' || category) STORED NOT NULL;