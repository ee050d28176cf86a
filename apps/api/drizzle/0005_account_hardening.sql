-- Placeholder: filled by the hardening work (issue 9).
select 1;
