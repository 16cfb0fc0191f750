"""Pure compliance rules for the Victorville and Inglewood FOG programs and Victorville Chapter 6.37.

Every answer carries the ordinance ``citation`` it rests on and a one-sentence ``reason``. Layout follows
python-holidays: shared machinery (``core``, ``calendar``, ``shifts``, ``contacts``, ``clocks``) and one
module per jurisdiction and chapter (``victorville.fog`` = Ch. 10.03, ``victorville.organics`` = Ch. 6.37,
``inglewood.fog``). No I/O, no framework imports; the working-day calendar loads ``holidays`` lazily.
"""

from compliance.api import (
    Accumulation,
    ServiceDue,
    SpillContacts,
    SpillDeadline,
    accumulation,
    service_due,
    spill_contacts,
    spill_deadline,
)
from compliance.calendar import WorkingDayCalendar, default_calendar
from compliance.clocks import Deadline, clocks_for, deadline
from compliance.contacts import DEFAULT_OFFICE_HOURS, Contact, OfficeHours
from compliance.core import City, ComplianceError, Device, Obligation, Result, Status
from compliance.inglewood import fog as _inglewood_fog
from compliance.obligations import Event, FacilityEvents, FacilityProfile, obligations
from compliance.victorville import fog as _victorville_fog
from compliance.victorville import organics as _organics
from compliance.victorville.organics import (
    ContainerRuling,
    GeneratorType,
    Stream,
    classify_generator,
    container_for,
    deminimis,
    edible_food_tier,
    physical_space_waiver,
)

annual_fee = _inglewood_fog.annual_fee
late_fee = _inglewood_fog.late_fee
nov_fee = _inglewood_fog.nov_fee
permit_fees = _inglewood_fog.permit_fees
reinspection_fee = _inglewood_fog.reinspection_fee
cleanup_charge = _inglewood_fog.cleanup_charge
damage_costs = _inglewood_fog.damage_costs
inglewood_interceptor_paths = _inglewood_fog.interceptor_paths
administrative_civil_penalty_cap = _victorville_fog.administrative_civil_penalty_cap
inglewood_administrative_civil_penalty_cap = _inglewood_fog.administrative_civil_penalty_cap
judicial_civil_penalty_cap = _victorville_fog.judicial_civil_penalty_cap
organics_nov_deadline = _organics.nov_compliance_deadline
ORGANICS_NOV_CLOCK = _organics.NOV_COMPLIANCE.key  # its clock's key, for a notice's shorter period
contamination_fees = _organics.contamination_fees
landscape_compost_rule = _organics.landscape_compost_rule

__all__ = [
    "DEFAULT_OFFICE_HOURS",
    "ORGANICS_NOV_CLOCK",
    "Accumulation",
    "City",
    "ComplianceError",
    "Contact",
    "ContainerRuling",
    "Deadline",
    "Device",
    "Event",
    "FacilityEvents",
    "FacilityProfile",
    "GeneratorType",
    "Obligation",
    "OfficeHours",
    "Result",
    "ServiceDue",
    "SpillContacts",
    "SpillDeadline",
    "Status",
    "Stream",
    "WorkingDayCalendar",
    "accumulation",
    "administrative_civil_penalty_cap",
    "annual_fee",
    "classify_generator",
    "cleanup_charge",
    "clocks_for",
    "container_for",
    "contamination_fees",
    "damage_costs",
    "deadline",
    "default_calendar",
    "deminimis",
    "edible_food_tier",
    "inglewood_administrative_civil_penalty_cap",
    "inglewood_interceptor_paths",
    "judicial_civil_penalty_cap",
    "landscape_compost_rule",
    "late_fee",
    "nov_fee",
    "obligations",
    "organics_nov_deadline",
    "permit_fees",
    "physical_space_waiver",
    "reinspection_fee",
    "service_due",
    "spill_contacts",
    "spill_deadline",
]
