"""Every name pattern the generator relies on, with names python-holidays really gives."""

import unittest

import names


class NamePatterns(unittest.TestCase):
    def test_joined_holidays_split_in_order(self):
        self.assertEqual(names.split("Labor Day; Ascension Day"), ["Labor Day", "Ascension Day"])
        self.assertEqual(names.split("New Year's Day"), ["New Year's Day"])

    def test_observed(self):
        self.assertTrue(names.is_observed("Independence Day (observed)"))
        self.assertEqual(names.observed_base("Independence Day (observed)"), "Independence Day")
        self.assertTrue(names.is_observed("Eid al-Fitr (observed, estimated)"))
        self.assertEqual(names.observed_base("Eid al-Fitr (observed, estimated)"), "Eid al-Fitr")
        self.assertFalse(names.is_observed("Independence Day"))
        # other substitute wordings are not read as observed
        self.assertFalse(names.is_observed("Christmas Day (in lieu)"))

    def test_estimated(self):
        self.assertTrue(names.is_estimated("Eid al-Adha (estimated)"))
        self.assertTrue(names.is_estimated("Eid al-Fitr (observed, estimated)"))
        self.assertFalse(names.is_estimated("Eid al-Adha"))
        self.assertEqual(names.plain_name("Eid al-Adha (estimated)"), "Eid al-Adha")

    def test_close_times(self):
        self.assertEqual(names.close_time("Day after Thanksgiving Day (markets close at 1:00pm)"), "13:00")
        self.assertEqual(names.close_time("Christmas Eve (markets close at 12:30pm)"), "12:30")
        self.assertEqual(names.close_time("Christmas Eve (markets close at 14:05 CET)"), "14:05 CET")
        self.assertEqual(names.close_time(
            "Christmas Eve (markets close at 12:00 p.m. SGT)"), "12:00 SGT")
        self.assertEqual(names.close_time(
            "Business Day Prior to Christmas Day (markets close at 13:30 NZDT)"), "13:30 NZDT")
        self.assertEqual(names.close_time("Christmas Eve (markets close early)"), "early")
        self.assertEqual(names.close_time("New Year's Eve (half-day closing)"), "early")
        self.assertEqual(names.close_time("Christmas Eve (Half-Day Trading Day)"), "early")
        self.assertEqual(names.close_time("Christmas Day"), "")


if __name__ == "__main__":
    unittest.main()
