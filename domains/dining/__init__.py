"""Group dining: does the proposed restaurant and time let every guest eat?"""
