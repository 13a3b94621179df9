def test_settings_load(settings):
    assert "cards" in settings.INSTALLED_APPS
