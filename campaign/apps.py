from django.apps import AppConfig


class CampaignConfig(AppConfig):
    name = "campaign"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Answer the card catalogue's questions about the packs campaigns use (cards.usage)."""
        from campaign import pack_usage
        from cards import usage

        usage.register(member_pack_ids=pack_usage.member_pack_ids,
                       visitor_campaign=pack_usage.visitor_campaign,
                       pack_edited=pack_usage.pack_edited, edit_breaks=pack_usage.edit_breaks,
                       campaign_deck=pack_usage.campaign_deck)
