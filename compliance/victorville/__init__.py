"""City of Victorville: Chapter 10.03 (FOG control) and Chapter 6.37 (organic waste, SB 1383)."""
