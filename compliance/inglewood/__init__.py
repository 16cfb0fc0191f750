"""City of Inglewood: the FOG ordinance (Ord. 10-01)."""
